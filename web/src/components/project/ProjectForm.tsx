import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isModelFileName } from '../../../../api/src/domain/fileNames';
import {
  FAILED_TO_CREATE_PROJECT,
  NO_AUTH_TOKEN,
  PLEASE_AGREE_TO_TERMS,
  PLEASE_COMPLETE_SECURITY_VERIFICATION_SHORT,
  PLEASE_FILL_REQUIRED_FIELDS,
  PROJECT_CREATED,
  UPLOAD_AT_LEAST_ONE_DCM_STL_OR_PLY,
  UPLOAD_AT_LEAST_ONE_STL_OR_PLY,
  failedToProcess,
  fileExceedsLimit,
  unsupportedFiles,
} from '../../messages';
import { toast } from '../../stores/useToastStore';
import { BotCheck } from '../../ui/BotCheck';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { FieldError, emptyFieldProblems, fieldA11y, FormError } from '../../ui/FieldError';
import { TextField } from '../../ui/TextField';
import { useFieldErrors, type FieldErrors } from '../../ui/useFieldErrors';
import { FileRow } from './FileRow';
import type { CreateAnswer } from '../../api/contract';
import { toUploadFile, type UploadFile } from './uploadFile';
import { uploadProject } from '../../api/upload';
import { ApiError } from '../../api/client';
import { projectFieldOf, type ProjectField } from './projectFieldOf';
import '../../ui/field.css';
import './project.css';

const PUBLIC_MAX_BYTES = 50 * 1024 * 1024;

export interface ProjectFormProps {
  /** 'public' adds the bot check and the terms and enforces 50 MB per file. */
  mode: 'user' | 'public';
  /** Called with the create answer; the page shows its success modal. */
  onCreated: (result: CreateAnswer) => void;
  /**
   * DCM → binary STL in the browser (`viewer/mesh/convertDcm`), given by the page: the mesh
   * worker lives with the viewer's mesh code, which imports these shared components.
   */
  convertDcm: (file: File) => Promise<Uint8Array>;
}

/** The create form (New project and Quick public upload): fields, file list, progress. */
export function ProjectForm({ mode, onCreated, convertDcm }: ProjectFormProps) {
  const [name, setName] = useState('');
  const [patientName, setPatientName] = useState('');
  const [laboratoryName, setLaboratoryName] = useState('');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [terms, setTerms] = useState(false);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [botReset, setBotReset] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fail, clear, reset: resetErrors, scope } = useFieldErrors<ProjectField>();
  /** A setter that also drops the field's message once the user edits it. */
  const edit = (key: ProjectField, set: (v: string) => void) => (v: string) => {
    set(v);
    clear(key);
  };
  const nextKey = useRef(1);
  /**
   * The Idempotency-Key of the submission being made: kept while it is retried (a lost answer
   * must not create a second project), dropped with the form once the project exists.
   */
  const submissionKey = useRef<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const defaultMaterial = mode === 'public' ? 'enamel' : 'default';

  const update = (key: number, patch: Partial<UploadFile>) =>
    setFiles((fs) => fs.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  function addFiles(list: FileList | null) {
    if (!list) return;
    const chosen = Array.from(list);
    const unsupported = chosen.filter((f) => !isModelFileName(f.name)).map((f) => f.name);
    if (unsupported.length) toast.error(unsupportedFiles(unsupported));
    for (const f of chosen) {
      if (!isModelFileName(f.name)) continue;
      if (mode === 'public' && f.size > PUBLIC_MAX_BYTES) {
        toast.error(fileExceedsLimit(f.name));
        continue;
      }
      const entry = toUploadFile(f, nextKey.current++, defaultMaterial);
      setFiles((fs) => [...fs, entry]);
      if (entry.converting) {
        const { key, originalName } = entry;
        convertDcm(f)
          .then((stl) => {
            const out = new File([stl as BlobPart], originalName.replace(/\.[^.]+$/, '.stl'), {
              type: 'model/stl',
            });
            update(key, { file: out, converting: false });
          })
          .catch((err: Error) => {
            toast.error(failedToProcess(f.name, err.message));
            setFiles((fs) => fs.filter((x) => x.key !== key));
          });
      }
    }
  }

  /** After a create: an empty form, so closing the success modal cannot send the project again. */
  function reset() {
    setName('');
    setPatientName('');
    setLaboratoryName('');
    setComment('');
    setFiles([]);
    setTerms(false);
    submissionKey.current = null;
    if (mode === 'public') {
      setBotToken(null);
      setBotReset((n) => n + 1);
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    // Every refused field at once, each under its field; nothing typed or chosen is lost.
    const problems: FieldErrors<ProjectField> = emptyFieldProblems(
      [
        ['name', 'pf-name', !name.trim()],
        ['patientName', 'pf-patient', !patientName.trim()],
        ['laboratoryName', 'pf-lab', !laboratoryName.trim()],
      ],
      PLEASE_FILL_REQUIRED_FIELDS,
    );
    if (files.length === 0) {
      problems.files =
        mode === 'public' ? UPLOAD_AT_LEAST_ONE_DCM_STL_OR_PLY : UPLOAD_AT_LEAST_ONE_STL_OR_PLY;
    }
    if (mode === 'public') {
      if (!botToken) problems.botCheck = PLEASE_COMPLETE_SECURITY_VERIFICATION_SHORT;
      if (!terms) problems.terms = PLEASE_AGREE_TO_TERMS;
    }
    if (Object.keys(problems).length > 0) return fail(problems);
    resetErrors();
    if (mode === 'user' && !localStorage.getItem('token')) {
      toast.error(NO_AUTH_TOKEN);
      return;
    }
    const ready = files.filter((f) => f.file && !f.converting);
    const form = new FormData();
    form.append(
      'projectData',
      JSON.stringify({
        name,
        patientName,
        laboratoryName,
        comment,
        ...(mode === 'public' ? { turnstileToken: botToken, terms: true } : {}),
      }),
    );
    for (const f of ready) form.append('models', f.file!, f.file!.name);
    form.append('modelMaterials', JSON.stringify(ready.map((f) => f.material)));
    form.append('modelCustomNames', JSON.stringify(ready.map((f) => f.customName)));
    if (mode === 'user') {
      form.append(
        'modelTypes',
        JSON.stringify(ready.map((f) => (f.teeth ? 'teeth' : 'individual'))),
      );
    }
    setSubmitting(true);
    setProgress(0);
    try {
      const result = await uploadProject(mode === 'public' ? 'public' : 'user', form, {
        auth: mode === 'user',
        idempotencyKey: (submissionKey.current ??= crypto.randomUUID()),
        onProgress: setProgress,
      });
      toast.success(PROJECT_CREATED);
      reset();
      onCreated(result);
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : FAILED_TO_CREATE_PROJECT;
      const field = projectFieldOf(
        err,
        ready.map((f) => f.originalName),
      );
      if (field) fail({ [field]: message });
      else if (err instanceof ApiError && err.status === 0) toast.error(message);
      else setFormError(message);
      if (mode === 'public') {
        setBotToken(null);
        setBotReset((n) => n + 1);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const anyConverting = files.some((f) => f.converting);

  return (
    <form
      className="project-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="project-form"
      ref={scope}
    >
      <Card className="project-form__card">
        <h2 className="card__title">Project details</h2>
        <div className="project-form__grid">
          <TextField
            maxLength={200}
            id="pf-name"
            label="Project Name *"
            value={name}
            error={errors.name}
            onChange={edit('name', setName)}
          />
          <TextField
            maxLength={200}
            id="pf-patient"
            label="Patient Name *"
            value={patientName}
            error={errors.patientName}
            onChange={edit('patientName', setPatientName)}
          />
          <TextField
            maxLength={200}
            id="pf-lab"
            label="Laboratory Name *"
            value={laboratoryName}
            error={errors.laboratoryName}
            onChange={edit('laboratoryName', setLaboratoryName)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="pf-comment">
            Notes
          </label>
          <textarea
            id="pf-comment"
            className="field__input"
            rows={3}
            maxLength={5000}
            value={comment}
            {...fieldA11y('pf-comment', errors.comment)}
            onChange={(e) => {
              setComment(e.target.value);
              clear('comment');
            }}
          />
          <FieldError fieldId="pf-comment" message={errors.comment} />
        </div>
      </Card>

      <Card className="project-form__card">
        <h2 className="card__title">3D files</h2>
        <div
          className="dropzone"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            addFiles(e.dataTransfer.files);
          }}
        >
          <Icon name="upload" size="lg" />
          <p>Drop STL, PLY or DCM files here{mode === 'public' ? ' (max 50 MB each)' : ''}</p>
          <Button type="button" onClick={() => inputRef.current?.click()} icon="file">
            Choose files
          </Button>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept=".stl,.ply,.dcm"
            className="visually-hidden"
            data-testid="file-input"
            aria-label="Choose 3D files"
            {...fieldA11y('pf-files', errors.files)}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
        <FieldError fieldId="pf-files" message={errors.files} />
        {files.length > 0 && (
          <ul className="file-list" data-testid="file-list">
            {files.map((f) => (
              <FileRow
                key={f.key}
                file={f}
                mode={mode}
                busy={submitting}
                onChange={(patch) => update(f.key, patch)}
                onRemove={() => setFiles((fs) => fs.filter((x) => x.key !== f.key))}
              />
            ))}
          </ul>
        )}
      </Card>

      {mode === 'public' && (
        <Card className="project-form__card">
          <BotCheck
            purpose="public-upload"
            onChange={(token) => {
              setBotToken(token);
              if (token) clear('botCheck');
            }}
            resetKey={botReset}
          />
          <FieldError fieldId="pf-botcheck" message={errors.botCheck} />
          <label className="terms">
            <input
              type="checkbox"
              checked={terms}
              {...fieldA11y('pf-terms', errors.terms)}
              onChange={(e) => {
                setTerms(e.target.checked);
                clear('terms');
              }}
              data-testid="terms"
            />
            <span>
              I agree to the <Link to="/terms">Terms of Service</Link> and the{' '}
              <Link to="/privacy">Privacy Policy</Link>
            </span>
          </label>
          <FieldError fieldId="pf-terms" message={errors.terms} />
        </Card>
      )}

      <FormError message={formError} />

      {submitting && (
        <div
          className="upload-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          data-testid="upload-progress"
        >
          <div className="upload-progress__bar" style={{ width: `${progress}%` }} />
          <span className="upload-progress__label">Uploading… {progress}%</span>
        </div>
      )}

      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        icon="upload"
        loading={submitting}
        disabled={submitting || files.length === 0 || anyConverting}
      >
        {submitting ? 'Creating Project...' : 'Create Project'}
      </Button>
    </form>
  );
}
