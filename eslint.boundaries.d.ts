/** Types of eslint.boundaries.js (plain JS, since ESLint loads it without a TypeScript step). */
export interface ImportBoundary {
  /** The README whose "May import" paragraph this rule enforces. */
  readme: string;
  /** The part of it: a folder's row of api/README.md's table (`routes/`), or a paragraph. */
  section?: string;
  files: string[];
  ignores?: string[];
  /** Targets outside the folder that its files may import. */
  allowed: string[];
  patterns: (allowed: string[]) => { regex: string; message: string }[];
}

export const importBoundaries: ImportBoundary[];
/** Every folder of api/src. */
export const API_FOLDERS: string[];
/** The modules directly in api/src, by file name (`config.ts`). */
export const API_ROOT_MODULES: string[];
/** The "May import" column of api/README.md's table, by folder of api/src. */
export const API_TABLE: Record<string, string[]>;
export function boundaryConfigs(): object[];
