export interface ColourSourceProps {
  /** Layer name, for the accessible label. */
  layerName: string;
  /** The layer material's display name (its colour is the other choice). */
  materialName: string;
  /** True: the file's own colours are drawn. */
  fileColours: boolean;
  onChange: (fileColours: boolean) => void;
}

/** A layer whose file has its own colours: draw those ("File colours") or the material's. */
export function ColourSource({
  layerName,
  materialName,
  fileColours,
  onChange,
}: ColourSourceProps) {
  return (
    <div className="vl-colours" role="group" aria-label={`Colours of ${layerName}`}>
      <button
        type="button"
        className="vl-colours__option"
        aria-pressed={fileColours}
        onClick={() => onChange(true)}
      >
        File colours
      </button>
      <button
        type="button"
        className="vl-colours__option"
        aria-pressed={!fileColours}
        onClick={() => onChange(false)}
      >
        {materialName}
      </button>
    </div>
  );
}
