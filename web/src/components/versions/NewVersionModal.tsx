import { useEffect, useId, useState } from 'react';
import type { ProjectModel, VersionAnswer } from '../../api/contract';
import { ApiError } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { FieldError, fieldA11y, FormError } from '../../ui/FieldError';
import { Modal } from '../../ui/Modal';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { formatBytes } from '../project/format';
import { versionLabel, versionUploadedLine } from './versionText';
import '../../ui/field.css';
import './versions.css';

export interface NewVersionTarget {
  id: string;
  name: string;
  /** The latest version's number and models. */
  latest: number;
  models: Pick<ProjectModel, 'id' | 'name' | 'originalName' | 'material'>[];
}

export interface NewVersionModalProps {
  /** The project to add a version to; null: closed. */
  project: NewVersionTarget | null;
  onClose: () => void;
  onDone: (answer: VersionAnswer) => void;
}

type Choice = 'keep' | 'replace' | 'remove';

const ACCEPT = '.stl,.ply,.dcm';

/** The multipart form of `POST /api/projects/{id}/versions`. */
export function versionForm(
  note: string,
  models: NewVersionTarget['models'],
  choices: Record<string, Choice>,
  replacements: Record<string, File>,
  added: File[],
): FormData {
  const form = new FormData();
  const keep = models.filter((m) => (choices[m.id] ?? 'keep') === 'keep').map((m) => m.id);
  form.append('versionData', JSON.stringify({ note, keep }));
  const names: string[] = [];
  const materials: string[] = [];
  for (const m of models) {
    const file = replacements[m.id];
    if (choices[m.id] !== 'replace' || !file) continue;
    form.append('models', file, file.name);
    // The new file takes the replaced layer's name and material, so the two versions match up.
    names.push(m.name);
    materials.push(file.name.toLowerCase().endsWith('.ply') ? '' : m.material);
  }
  for (const file of added) {
    form.append('models', file, file.name);
    names.push('');
    materials.push('');
  }
  form.append('modelCustomNames', JSON.stringify(names));
  form.append('modelMaterials', JSON.stringify(materials));
  return form;
}

/** `note`, `added`, or `replace:<model id>`: where a refusal of the upload is shown. */
type VersionField = string;

/**
 * Which field a refused upload belongs to: the note for the note's rules, the file input of the
 * file a mesh refusal names ("Failed to process crown.stl: …"); null for the form's own errors.
 */
export function versionFieldOf(
  err: unknown,
  replacements: Record<string, File>,
  added: readonly File[],
): VersionField | null {
  if (!(err instanceof ApiError) || err.status === 0) return null;
  const message = err.serverMessage ?? '';
  if (err.code === 'validation_failed' && /note|what changed/i.test(message)) return 'note';
  for (const [modelId, file] of Object.entries(replacements)) {
    if (message.includes(file.name)) return `replace:${modelId}`;
  }
  if (added.some((f) => message.includes(f.name))) return 'added';
  return null;
}

/**
 * Upload a new version (dashboard card menu, owner viewer): for each model of the latest version
 * keep, replace (with a file that takes its name and material) or remove it; add files; say what
 * changed. The link stays the same; the doctor sees the new version when they open it.
 */
export function NewVersionModal({ project, onClose, onDone }: NewVersionModalProps) {
  const [note, setNote] = useState('');
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [replacements, setReplacements] = useState<Record<string, File>>({});
  const [added, setAdded] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fail, clear, reset, scope } = useFieldErrors<VersionField>();
  const noteId = useId();
  const addId = useId();
  const replaceId = useId();

  useEffect(() => {
    setNote('');
    setChoices({});
    setReplacements({});
    setAdded([]);
    setFormError(null);
    reset();
  }, [project?.id, reset]);

  if (!project) return <Modal open={false} onClose={onClose} title="" />;
  const next = project.latest + 1;
  const replacing = project.models.filter((m) => choices[m.id] === 'replace');
  const missingReplacement = replacing.some((m) => !replacements[m.id]);
  const kept = project.models.filter((m) => (choices[m.id] ?? 'keep') === 'keep').length;
  const changed = added.length > 0 || kept < project.models.length;
  const ready = note.trim() !== '' && changed && !missingReplacement && !sending;

  async function send() {
    if (!project || !ready) return;
    setSending(true);
    setFormError(null);
    reset();
    try {
      const form = versionForm(note.trim(), project.models, choices, replacements, added);
      const answer = await projectsApi.addVersion(project.id, form);
      toast.success(versionUploadedLine(answer));
      onDone(answer);
    } catch (err) {
      // Every choice stays as it was, so a refused file can be swapped and the upload sent again.
      const message = err instanceof Error && err.message ? err.message : 'Upload failed';
      const field = versionFieldOf(err, replacements, added);
      if (field) fail({ [field]: message });
      else if (err instanceof ApiError && err.status === 0) toast.error(message);
      else setFormError(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Upload ${versionLabel(next)}`}
      description={`A new version of "${project.name}". The link stays the same.`}
      testId="new-version-modal"
      footer={
        <Button
          variant="primary"
          icon="upload"
          loading={sending}
          disabled={!ready}
          onClick={() => void send()}
        >
          Upload {versionLabel(next)}
        </Button>
      }
    >
      <div ref={scope} className="nv">
        <ul className="nv__models" aria-label={`Files of ${versionLabel(project.latest)}`}>
          {project.models.map((m) => {
            const choice = choices[m.id] ?? 'keep';
            return (
              <li key={m.id} className="nv__model" data-testid="nv-model">
                <span className="nv__name" title={m.originalName}>
                  {m.name}
                </span>
                <select
                  className="field__input nv__choice"
                  aria-label={`What happens to ${m.name}`}
                  value={choice}
                  onChange={(e) => setChoices({ ...choices, [m.id]: e.target.value as Choice })}
                >
                  <option value="keep">Keep</option>
                  <option value="replace">Replace</option>
                  <option value="remove">Remove</option>
                </select>
                {choice === 'replace' ? (
                  <>
                    <input
                      type="file"
                      accept={ACCEPT}
                      aria-label={`New file for ${m.name}`}
                      {...fieldA11y(`${replaceId}-${m.id}`, errors[`replace:${m.id}`])}
                      onChange={(e) => {
                        const f = e.target.files?.[0];
                        if (f) setReplacements({ ...replacements, [m.id]: f });
                        clear(`replace:${m.id}`);
                      }}
                    />
                    <FieldError
                      fieldId={`${replaceId}-${m.id}`}
                      message={errors[`replace:${m.id}`]}
                    />
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
        <div className="field nv__field">
          <label className="field__label" htmlFor={addId}>
            Add files
          </label>
          <input
            id={addId}
            type="file"
            multiple
            accept={ACCEPT}
            {...fieldA11y(addId, errors.added)}
            onChange={(e) => {
              setAdded([...(e.target.files ?? [])]);
              clear('added');
            }}
          />
          <FieldError fieldId={addId} message={errors.added} />
        </div>
        {added.length > 0 ? (
          <ul className="nv__added">
            {added.map((f) => (
              <li key={`${f.name}-${f.size}`}>
                {f.name} ({formatBytes(f.size)})
              </li>
            ))}
          </ul>
        ) : null}
        <div className="field nv__field">
          <label className="field__label" htmlFor={noteId}>
            What changed
          </label>
          <textarea
            id={noteId}
            className="field__input nv__note"
            rows={3}
            maxLength={2000}
            placeholder="e.g. Distal contact of 16 opened, occlusal surface lowered 0.1 mm"
            value={note}
            {...fieldA11y(noteId, errors.note)}
            onChange={(e) => {
              setNote(e.target.value);
              clear('note');
            }}
          />
          <FieldError fieldId={noteId} message={errors.note} />
        </div>
        <FormError message={formError} />
      </div>
    </Modal>
  );
}
