/** A row of `feedback`: one comment or reply of a live project, the message sealed. */
export interface FeedbackRow {
  id: string;
  project_id: string;
  type: string;
  message: string;
  created_at: Date | string;
  read_at: Date | string | null;
}
