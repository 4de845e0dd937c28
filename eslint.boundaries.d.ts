/** Types of eslint.boundaries.js (plain JS, since ESLint loads it without a TypeScript step). */
export interface ImportBoundary {
  /** The README whose "May import" paragraph this rule enforces. */
  readme: string;
  section?: string;
  files: string[];
  ignores?: string[];
  /** Targets outside the folder that its files may import. */
  allowed: string[];
  patterns: (allowed: string[]) => { regex: string; message: string }[];
}

export const importBoundaries: ImportBoundary[];
export function boundaryConfigs(): object[];
