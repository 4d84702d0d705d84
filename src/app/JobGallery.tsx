import type { StudioTask } from '../contract/studio';
import { Gallery } from '../features/gallery/Gallery';
import { JobCard } from '../features/jobs/JobCard';

// The gallery with its job cards, as one lazily loaded piece: its content waits for the task list
// anyway, so its code loads alongside that request instead of delaying the first paint.

const renderJob = (job: StudioTask) => <JobCard job={job} />;

export default function JobGallery() {
  return <Gallery renderJob={renderJob} />;
}
