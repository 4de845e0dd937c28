import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ProjectForm } from '../../components/project/ProjectForm';
import { convertDcm } from '../../viewer/mesh/convertDcm';
import { SuccessModal } from '../../components/project/SuccessModal';
import type { CreateAnswer } from '../../api/contract';
import { Icon } from '../../ui/Icon';

/** /projects/new: the form, then the success modal with the public link. */
export function NewProjectPage() {
  const [result, setResult] = useState<CreateAnswer | null>(null);
  return (
    <div className="project-page" data-testid="page-new-project">
      <Link to="/dashboard" className="project-page__back">
        <Icon name="arrow-left" /> Back to Dashboard
      </Link>
      <h1>New Project</h1>
      <p>Add the patient and laboratory details, add your scans and share the link.</p>
      <ProjectForm mode="user" onCreated={setResult} convertDcm={convertDcm} />
      <SuccessModal result={result} mode="user" onClose={() => setResult(null)} />
    </div>
  );
}
