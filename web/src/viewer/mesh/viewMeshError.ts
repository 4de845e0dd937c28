/** A model file that cannot be shown: not a view derivative or binary STL, or corrupt. */
export class ViewMeshError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ViewMeshError';
  }
}
