import { auditLogProjection } from './auditLog/index.js';
import { checklistsProjection } from './checklists/index.js';
import { feedbackProjection } from './feedback/index.js';
import { projectLinksProjection } from './projectLinks/index.js';
import { projectsProjection } from './projects/index.js';
import { threadProjection } from './thread/index.js';
import { userStatsProjection } from './userStats/index.js';
import { usersProjection } from './users/index.js';
import { projectVersionsProjection } from './versions/index.js';
import type { Projection } from './projection.js';

/** Every read model the runner maintains. Add a projection by adding it to this array. */
export function allProjections(): Projection[] {
  return [
    auditLogProjection,
    projectsProjection,
    feedbackProjection,
    userStatsProjection,
    usersProjection,
    projectVersionsProjection,
    projectLinksProjection,
    threadProjection,
    checklistsProjection,
  ];
}
