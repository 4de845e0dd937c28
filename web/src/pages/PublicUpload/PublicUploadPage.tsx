import { useState } from 'react';
import { ProjectForm } from '../../components/project/ProjectForm';
import { convertDcm } from '../../viewer/mesh/convertDcm';
import { SuccessModal } from '../../components/project/SuccessModal';
import type { CreateAnswer } from '../../api/contract';

/** /public-upload: the same form without an account, plus bot check and terms. */
export function PublicUploadPage() {
  const [result, setResult] = useState<CreateAnswer | null>(null);
  return (
    <div className="project-page" data-testid="page-public-upload">
      <h1>Quick Upload</h1>
      <p>Share a scan without an account. Files up to 50 MB each; STL, PLY and DCM.</p>
      <ProjectForm mode="public" onCreated={setResult} convertDcm={convertDcm} />
      <SuccessModal result={result} mode="public" onClose={() => setResult(null)} />
    </div>
  );
}
