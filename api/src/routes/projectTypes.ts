/** The project answers (list, one project, the doctor's view): the API contract's types. */
export type { Project, ProjectFeedback, ProjectModel, ProjectOwner } from '../contract/projects.js';
