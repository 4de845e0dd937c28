import { useState } from 'react';
import type { Project } from '../../api/contract';
import { downloadsApi } from '../../api/downloads';
import { projectsApi } from '../../api/projects';
import {
  COMMENT_MARKED_READ,
  DOWNLOAD_FAILED,
  downloadPreparing,
  FAILED_TO_DELETE_PROJECT,
  FAILED_TO_MARK_COMMENT_READ,
  PROJECT_DELETED,
  PUBLIC_LINK_COPIED,
} from '../../messages';
import { toast } from '../../stores/useToastStore';

const COPY_CONFIRM_MS = 2000;

/** The project a modal is open for, and what the dashboard's buttons do. */
export interface DashboardActions {
  /** The project whose link was just copied (its button says so for a moment). */
  copied: string | null;
  copyLink: (p: Project) => Promise<void>;
  toDelete: Project | null;
  askDelete: (p: Project | null) => void;
  deleting: boolean;
  confirmDelete: () => Promise<void>;
  comments: Project | null;
  openComments: (p: Project | null) => void;
  markRead: (p: Project, feedbackId: string) => Promise<void>;
  emailFor: Project | null;
  openEmail: (p: Project | null) => void;
  /** Saves the latest version's files as uploaded (zip). */
  downloadZip: (p: Project) => Promise<void>;
}

/**
 * The dashboard's actions and modal state: copy a link, delete a project, read comments, mail
 * the doctor, download the files. `reload` refreshes the list and the stats after a change.
 */
export function useDashboardActions(reload: () => Promise<void>): DashboardActions {
  const [copied, setCopied] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [comments, setComments] = useState<Project | null>(null);
  const [emailFor, setEmailFor] = useState<Project | null>(null);

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
      await projectsApi.remove(toDelete.id);
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
      await projectsApi.markFeedbackRead(p.id, feedbackId);
      toast.success(COMMENT_MARKED_READ);
      // The open modal shows the change at once; the list and the counts follow from the server.
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

  async function downloadZip(p: Project) {
    const version = p.versions.at(-1)?.n ?? 1;
    toast.info(downloadPreparing(p.name));
    try {
      await downloadsApi.ownerVersionZip(p.id, version, `${p.name} v${version}.zip`);
    } catch {
      toast.error(DOWNLOAD_FAILED);
    }
  }

  return {
    copied,
    copyLink,
    toDelete,
    askDelete: setToDelete,
    deleting,
    confirmDelete,
    comments,
    openComments: setComments,
    markRead,
    emailFor,
    openEmail: setEmailFor,
    downloadZip,
  };
}
