import { MATERIALS } from '../../../../api/src/domain/materials';
import { MODEL_NAME_MAX_CHARS, withoutModelExtension } from '../../../../api/src/domain/fileNames';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { formatBytes } from './format';
import type { UploadFile } from './uploadFile';
import '../../ui/field.css';

const MATERIAL_KEYS = Object.keys(MATERIALS) as (keyof typeof MATERIALS)[];

export interface FileRowProps {
  /** The file and its choices. */
  file: UploadFile;
  /** The signed-in form also offers the Teeth group box. */
  mode: 'user' | 'public';
  /** While the form is sending. */
  busy: boolean;
  onChange: (patch: Partial<UploadFile>) => void;
  onRemove: () => void;
}

/**
 * One file of the create form: name and size with the remove button beside them, then the display
 * name, the material and (signed in) the Teeth group box. On a phone the controls wrap under the
 * name; nothing is squeezed below what it needs to be read.
 */
export function FileRow({ file: f, mode, busy, onChange, onRemove }: FileRowProps) {
  const locked = f.converting || busy;
  return (
    <li className="file-row" data-testid="file-row">
      <div className="file-row__name">
        <Icon name="cube" />
        <span className="file-row__file" title={f.originalName}>
          {f.originalName}
        </span>
        {f.converting ? (
          <span className="file-row__state">Converting…</span>
        ) : (
          f.file && <span className="file-row__size">{formatBytes(f.file.size)}</span>
        )}
      </div>
      <input
        className="field__input file-row__rename"
        aria-label={`Name for ${f.originalName}`}
        value={f.customName}
        maxLength={MODEL_NAME_MAX_CHARS}
        disabled={locked}
        onChange={(e) => onChange({ customName: e.target.value })}
        onBlur={(e) => {
          const typed = e.target.value.trim();
          onChange({ customName: withoutModelExtension(typed).trim() || typed });
        }}
      />
      <select
        className="field__input file-row__material"
        aria-label={`Material for ${f.originalName}`}
        value={f.material}
        disabled={locked}
        onChange={(e) => onChange({ material: e.target.value })}
      >
        {MATERIAL_KEYS.filter((k) => (f.format === 'ply' ? k === 'texture' : k !== 'texture')).map(
          (k) => (
            <option key={k} value={k}>
              {MATERIALS[k].name}
            </option>
          ),
        )}
      </select>
      {mode === 'user' && (
        <label className="file-row__teeth">
          <input
            type="checkbox"
            checked={f.teeth}
            disabled={locked}
            onChange={(e) => onChange({ teeth: e.target.checked })}
          />
          Teeth group
        </label>
      )}
      <Button
        type="button"
        variant="ghost"
        iconOnly
        icon="x"
        className="file-row__remove"
        aria-label={`Remove ${f.originalName}`}
        disabled={locked}
        onClick={onRemove}
      />
    </li>
  );
}
