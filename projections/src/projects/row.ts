/** A row of `projects`: one live project, personal fields sealed with the project's key. */
export interface ProjectRow {
  id: string;
  user_id: string;
  name: string;
  patient_name: string;
  laboratory_name: string;
  comment: string | null;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
  file_count: number;
  storage_bytes: string;
  unread_count: number;
  revision: string;
}

/** A row of `project_models`: one model file of a live project, in layer order. */
export interface ProjectModelRow {
  project_id: string;
  id: string;
  position: number;
  filename: string;
  original_name: string;
  name: string;
  size: string;
  type: string;
  material: string;
  grouped_from: string | null;
  group_size: number | null;
  blob_key: string;
  triangles: number;
}
