/** Which model of the older version each model of the newer one is compared with. */

export interface Named {
  id: string;
  /** The layer's display name. */
  originalName: string;
}

export interface ModelMatch<T extends Named> {
  pairs: { newer: T; older: T }[];
  /** Newer models with no older model of the same name, and older ones left over. */
  onlyNewer: T[];
  onlyOlder: T[];
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * Pairs models by id (a model kept from one version to the next) or else by layer name (a
 * replaced model takes its predecessor's name); each older model is used once.
 */
export function matchModels<T extends Named>(
  newer: readonly T[],
  older: readonly T[],
): ModelMatch<T> {
  const left = [...older];
  const pairs: { newer: T; older: T }[] = [];
  const onlyNewer: T[] = [];
  for (const n of newer) {
    let i = left.findIndex((o) => o.id === n.id);
    if (i < 0) i = left.findIndex((o) => key(o.originalName) === key(n.originalName));
    if (i < 0) {
      onlyNewer.push(n);
      continue;
    }
    pairs.push({ newer: n, older: left[i]! });
    left.splice(i, 1);
  }
  return { pairs, onlyNewer, onlyOlder: left };
}
