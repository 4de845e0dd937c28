import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { formatBytes, formatDate, formatDateTime } from '../../components/project/format';
import { mailtoFor } from '../../components/project/SuccessModal';
import type { Project, ProjectStats } from '../../components/project/types';
import {
  CHECK_INBOX_FOR_VERIFICATION,
  COMMENT_MARKED_READ,
  FAILED_TO_DELETE_PROJECT,
  FAILED_TO_FETCH_PROJECTS,
  FAILED_TO_MARK_COMMENT_READ,
  FAILED_TO_SEND_EMAIL,
  NO_PROJECTS_YET,
  PLEASE_ENTER_DOCTOR_EMAIL,
  PROJECT_DELETED,
  PUBLIC_LINK_COPIED,
  emailSentTo,
} from '../../messages';
import { useSessionStore } from '../../stores/useSessionStore';
import { statusLabel, statusTone } from '../../viewer/mesh/status';
import { toast } from '../../stores/useToastStore';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Modal } from '../../ui/Modal';
import { Skeleton } from '../../ui/Skeleton';
import { ProjectHistoryLink } from '../ProjectHistory/ProjectHistoryLink';
import '../../components/project/project.css';

const SKELETONS = 6;
const COPY_CONFIRM_MS = 2000;

interface AdminUserInfo {
  name?: string;
  email?: string;
  companyName?: string;
}

/** /dashboard (spec §2 Dashboard): stats, recent projects, quick actions and the three modals. */
export function DashboardPage() {
  const user = useSessionStore((s) => s.user);
  const [params] = useSearchParams();
  const viewedUserId = user?.role === 'admin' ? params.get('userId') : null;
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [stats, setStats] = useState<ProjectStats | null>(null);
  const [viewedUser, setViewedUser] = useState<AdminUserInfo | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [comments, setComments] = useState<Project | null>(null);
  const [emailFor, setEmailFor] = useState<Project | null>(null);
  const [doctorEmail, setDoctorEmail] = useState('');
  const [sending, setSending] = useState(false);

  const query = viewedUserId ? `?userId=${encodeURIComponent(viewedUserId)}` : '';
  const load = useCallback(async () => {
    try {
      const [list, s] = await Promise.all([
        api.get<Project[]>(`/projects${query}`),
        api.get<ProjectStats>(`/projects/stats${query}`),
      ]);
      setProjects(list);
      setStats(s);
    } catch {
      toast.error(FAILED_TO_FETCH_PROJECTS);
      setProjects([]);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!viewedUserId) return;
    api
      .get<AdminUserInfo | { user: AdminUserInfo }>(
        `/admin/users/${encodeURIComponent(viewedUserId)}`,
      )
      .then((u) => setViewedUser('user' in u ? u.user : u))
      .catch(() => setViewedUser(null));
  }, [viewedUserId]);

  async function copyLink(p: Project) {
    if (!p.publicLink) return;
    await navigator.clipboard.writeText(p.publicLink);
    toast.success(PUBLIC_LINK_COPIED);
    setCopied(p.id);
    setTimeout(() => setCopied((c) => (c === p.id ? null : c)), COPY_CONFIRM_MS);
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await api.delete(`/projects/${toDelete.id}`);
      toast.success(PROJECT_DELETED);
      setToDelete(null);
      await load();
    } catch {
      toast.error(FAILED_TO_DELETE_PROJECT);
    } finally {
      setDeleting(false);
    }
  }

  async function markRead(p: Project, feedbackId: string) {
    try {
      await api.put(`/projects/${p.id}/feedback/${feedbackId}/read`);
      toast.success(COMMENT_MARKED_READ);
      const now = new Date().toISOString();
      const next = {
        ...p,
        feedback: p.feedback.map((f) => (f.id === feedbackId ? { ...f, readAt: now } : f)),
      };
      next.unreadCount = next.feedback.filter(
        (f) => f.type === 'doctor_feedback' && !f.readAt,
      ).length;
      setComments(next);
      void load();
    } catch {
      toast.error(FAILED_TO_MARK_COMMENT_READ);
    }
  }

  async function sendEmail() {
    if (!emailFor) return;
    if (!doctorEmail.trim()) return toast.error(PLEASE_ENTER_DOCTOR_EMAIL);
    setSending(true);
    try {
      await api.post(`/projects/${emailFor.id}/send-email`, { doctorEmail: doctorEmail.trim() });
      toast.success(emailSentTo(doctorEmail.trim()));
      setEmailFor(null);
      setDoctorEmail('');
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : FAILED_TO_SEND_EMAIL);
    } finally {
      setSending(false);
    }
  }

  const who = viewedUserId ? (viewedUser?.name ?? 'User') : (user?.name ?? '');
  const statCards: [string, string, string?][] = stats
    ? [
        ['Total Projects', String(stats.total)],
        ['Approved', String(stats.approved)],
        ['Pending', String(stats.pending)],
        ['New Comments', String(stats.newComments)],
        ['Storage Used', formatBytes(stats.storageBytes), `${stats.fileCount} files`],
      ]
    : [];

  return (
    <div className="dash" data-testid="page-dashboard">
      <header className="dash__header">
        <div>
          <h1>{viewedUserId ? `${who}'s Dashboard` : `Welcome back, ${who}`}</h1>
          {viewedUserId && viewedUser && (
            <p data-testid="viewed-user">
              {viewedUser.email} {viewedUser.companyName ? `· ${viewedUser.companyName}` : ''}
            </p>
          )}
        </div>
        {viewedUserId ? (
          <ButtonLink to="/admin" icon="arrow-left">
            Back to Admin
          </ButtonLink>
        ) : (
          <ButtonLink to="/projects/new" variant="primary" icon="plus">
            New Project
          </ButtonLink>
        )}
      </header>

      {!viewedUserId && user && user.emailVerified === false && (
        <div className="banner" role="status">
          <span>Your email address is not verified yet.</span>
          <Button size="sm" onClick={() => toast.info(CHECK_INBOX_FOR_VERIFICATION)}>
            Check Email
          </Button>
        </div>
      )}

      <section className="dash__stats" aria-label="Statistics" data-testid="stats">
        {stats
          ? statCards.map(([label, value, sub]) => (
              <Card key={label} className="stat-card" data-testid="stat-card">
                <div className="stat-card__label">{label}</div>
                <div className="stat-card__value">{value}</div>
                {sub && <div className="stat-card__label">{sub}</div>}
              </Card>
            ))
          : Array.from({ length: 5 }, (_, i) => (
              <Card key={i} className="stat-card">
                <Skeleton variant="title" />
              </Card>
            ))}
      </section>

      <div className="dash__main">
        <section aria-label="Recent Projects">
          <h2>Recent Projects</h2>
          {projects === null ? (
            <div className="dash__grid">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <Card key={i} data-testid="project-skeleton">
                  <Skeleton variant="block" className="skeleton-card" />
                </Card>
              ))}
            </div>
          ) : projects.length === 0 ? (
            <Card className="empty-state">
              <h3>{NO_PROJECTS_YET}</h3>
              <p>Create your first project to share a scan with a doctor.</p>
              {!viewedUserId && (
                <ButtonLink to="/projects/new" variant="primary" icon="plus">
                  Create Project
                </ButtonLink>
              )}
            </Card>
          ) : (
            <div className="dash__grid">
              {projects.map((p) => (
                <Card key={p.id} className="project-card" data-testid="project-card">
                  <div className="project-card__actions">
                    <Badge tone={statusTone(p.status)} dot>
                      {statusLabel(p.status)}
                    </Badge>
                    {p.unreadCount > 0 && <Badge tone="danger">{p.unreadCount} new</Badge>}
                  </div>
                  <h3 className="project-card__title">{p.name}</h3>
                  <div className="project-card__meta">
                    Patient: {p.patientName}
                    <br />
                    Lab: {p.laboratoryName}
                    <br />
                    {formatDate(p.createdAt)} · {p.models.length} files ·{' '}
                    {formatBytes(p.storageBytes)}
                  </div>
                  <div className="project-card__actions">
                    <Link
                      className="btn btn--secondary btn--sm"
                      to={`/viewer/${p.publicToken ?? p.id}`}
                    >
                      View
                    </Link>
                    <Button
                      size="sm"
                      icon={copied === p.id ? 'check' : 'link'}
                      onClick={() => void copyLink(p)}
                    >
                      {copied === p.id ? 'Copied!' : 'Copy Link'}
                    </Button>
                    <ProjectHistoryLink projectId={p.id} />
                    <Button size="sm" icon="message" onClick={() => setComments(p)}>
                      Comments{p.feedback.length ? ` (${p.feedback.length})` : ''}
                    </Button>
                    <Button
                      size="sm"
                      icon="mail"
                      onClick={() => setEmailFor(p)}
                      disabled={!!viewedUserId}
                    >
                      Email
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      iconOnly
                      icon="trash"
                      aria-label={`Delete ${p.name}`}
                      title="Delete project"
                      onClick={() => setToDelete(p)}
                      disabled={!!viewedUserId}
                    />
                  </div>
                </Card>
              ))}
            </div>
          )}
        </section>
        <aside>
          <Card>
            <h2 className="card__title">Quick Actions</h2>
            <div className="project-form">
              <ButtonLink to="/projects/new" icon="plus" block>
                New Project
              </ButtonLink>
              <ButtonLink to="/public-upload" icon="upload" block>
                Public Upload
              </ButtonLink>
              <ButtonLink to="/viewer/demo" icon="cube" block>
                View Demo
              </ButtonLink>
            </div>
          </Card>
        </aside>
      </div>

      <Modal
        open={!!toDelete}
        onClose={() => setToDelete(null)}
        title="Delete Project"
        description={
          toDelete ? `Delete "${toDelete.name}"? This action cannot be undone.` : undefined
        }
        testId="delete-modal"
        footer={
          <>
            <Button onClick={() => setToDelete(null)}>Cancel</Button>
            <Button variant="danger" loading={deleting} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      />

      <Modal
        open={!!comments}
        onClose={() => setComments(null)}
        title="Doctor Comments"
        size="lg"
        testId="comments-modal"
      >
        {comments && comments.feedback.length === 0 && <p>No comments yet.</p>}
        {comments?.feedback.map((f) => (
          <div key={f.id} className="comment">
            <div className="comment__time">
              {f.type === 'doctor_feedback' ? 'Doctor' : 'You'} · {formatDateTime(f.createdAt)}
            </div>
            <p>{f.message}</p>
            {f.type === 'doctor_feedback' &&
              (f.readAt ? (
                <Badge tone="success">Read</Badge>
              ) : (
                <Button
                  size="sm"
                  onClick={() => void markRead(comments, f.id)}
                  disabled={!!viewedUserId}
                >
                  Mark as Read
                </Button>
              ))}
          </div>
        ))}
      </Modal>

      <Modal
        open={!!emailFor}
        onClose={() => setEmailFor(null)}
        title="Send Professional Email"
        description={emailFor ? `Send the link of "${emailFor.name}" to a doctor.` : undefined}
        testId="email-modal"
        footer={
          <>
            {emailFor?.publicLink && (
              <a className="btn btn--secondary" href={mailtoFor(emailFor.publicLink)}>
                Open in mail app
              </a>
            )}
            <Button
              variant="primary"
              icon="mail"
              loading={sending}
              disabled={!doctorEmail.trim() || sending}
              onClick={() => void sendEmail()}
            >
              Send Email
            </Button>
          </>
        }
      >
        <label className="field__label" htmlFor="dash-doctor-email">
          Doctor&apos;s email
        </label>
        <input
          id="dash-doctor-email"
          className="field__input"
          type="email"
          value={doctorEmail}
          onChange={(e) => setDoctorEmail(e.target.value)}
          placeholder="doctor@clinic.com"
        />
      </Modal>
    </div>
  );
}
