import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import type { Project } from '../../components/project/types';
import {
  CHECK_INBOX_FOR_VERIFICATION,
  COMMENT_MARKED_READ,
  FAILED_TO_DELETE_PROJECT,
  FAILED_TO_MARK_COMMENT_READ,
  NO_PROJECTS_YET,
  PROJECT_DELETED,
  PUBLIC_LINK_COPIED,
} from '../../messages';
import { useSessionStore } from '../../stores/useSessionStore';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';
import { CommentsModal } from './CommentsModal';
import { DeleteProjectModal } from './DeleteProjectModal';
import { ProjectCard } from './ProjectCard';
import { SendEmailModal } from './SendEmailModal';
import { StatCards } from './StatCards';
import { useDashboardData } from './useDashboardData';
import '../../components/project/project.css';
import './dashboard.css';

const SKELETONS = 6;
const COPY_CONFIRM_MS = 2000;

/** /dashboard (spec §2 Dashboard): stats, recent projects, quick actions and the three modals. */
export function DashboardPage() {
  const user = useSessionStore((s) => s.user);
  const [params] = useSearchParams();
  const viewedUserId = user?.role === 'admin' ? params.get('userId') : null;
  const { projects, stats, viewedUser, reload } = useDashboardData(viewedUserId);
  const [copied, setCopied] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [comments, setComments] = useState<Project | null>(null);
  const [emailFor, setEmailFor] = useState<Project | null>(null);
  const readOnly = !!viewedUserId;

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
      await reload();
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
      void reload();
    } catch {
      toast.error(FAILED_TO_MARK_COMMENT_READ);
    }
  }

  const who = viewedUserId ? (viewedUser?.name ?? 'User') : (user?.name ?? '');

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

      <StatCards stats={stats} />

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
                <ProjectCard
                  key={p.id}
                  project={p}
                  copied={copied === p.id}
                  readOnly={readOnly}
                  onCopy={() => void copyLink(p)}
                  onComments={() => setComments(p)}
                  onEmail={() => setEmailFor(p)}
                  onDelete={() => setToDelete(p)}
                />
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

      <DeleteProjectModal
        project={toDelete}
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
      <CommentsModal
        project={comments}
        readOnly={readOnly}
        onClose={() => setComments(null)}
        onMarkRead={(id) => comments && void markRead(comments, id)}
        onChanged={() => void reload()}
      />
      <SendEmailModal project={emailFor} onClose={() => setEmailFor(null)} />
    </div>
  );
}
