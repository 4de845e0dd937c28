import type { IconName } from '../../ui/Icon';

export interface FeatureItem {
  icon: IconName;
  title: string;
  text: string;
}

/** Feature claims — each one true of Cusp as built and documented (the folder READMEs). */
export const FEATURES: readonly FeatureItem[] = [
  {
    icon: 'cube',
    title: 'Real 3D in any browser',
    text: 'Doctors rotate, zoom and inspect every layer, show or hide it and fade it from 0 to 100% — nothing to install, no account to create.',
  },
  {
    icon: 'file',
    title: 'Open formats',
    text: 'STL, PLY and 3Shape DCM. DCM files are converted to STL in your browser before upload, so the original never leaves your computer.',
  },
  {
    icon: 'lock',
    title: 'Patient data encrypted',
    text: 'Patient names, notes, comments and files are encrypted at rest with AES-256-GCM, with a separate key for each project. Names hidden in scan files are stripped on upload.',
  },
  {
    icon: 'history',
    title: 'Full change history',
    text: 'Every upload, comment, approval and deletion is recorded as an event with who and when — an audit log of the whole case.',
  },
  {
    icon: 'link',
    title: 'Links you control',
    text: 'Each project gets an unguessable 256-bit link. Delete the project and the link stops working at once; quick uploads expire by themselves after 365 days.',
  },
  {
    icon: 'message',
    title: 'Feedback and approval',
    text: 'Doctors comment and approve with one click. Unread comments wait on your dashboard until you mark them as read.',
  },
  {
    icon: 'server',
    title: 'Ready to scale',
    text: 'One process out of the box. The documented scaled deployment runs on PostgreSQL with read replicas or a managed high-availability cluster and S3-compatible object storage.',
  },
  {
    icon: 'wifi-off',
    title: 'Private by default',
    text: 'No cookies, trackers, external fonts or avatar services. A standard installation works without internet access and talks to no one else.',
  },
];

export interface ProcessStep {
  title: string;
  text: string;
  icon: IconName;
}

/** The four-step process. */
export const PROCESS_STEPS: readonly ProcessStep[] = [
  {
    title: 'Export & load',
    text: 'Export STL, PLY or DCM from your CAD or scanner and drop the files in. DCM is converted in the browser.',
    icon: 'upload',
  },
  {
    title: 'Organise',
    text: 'Give each file its material — enamel, gingiva, metal and more — and add patient details and notes for the doctor.',
    icon: 'layers',
  },
  {
    title: 'Send',
    text: 'One click creates a secure link. Copy it, or let Cusp e-mail it to the doctor.',
    icon: 'link',
  },
  {
    title: 'Coordinate',
    text: 'The doctor views the case in 3D, comments and approves. You see it on your dashboard.',
    icon: 'thumbs-up',
  },
];
