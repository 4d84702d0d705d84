import type { Task } from '../../../contract/task';

/** The image an operation starts from, as the dialog resolves it. */
export interface OperationSource {
  jobId: string;
  imageNo: number;
  /** Same-origin URL of the image. */
  url: string;
  /** The source job's prompt, offered as a starting point where a prompt is needed. */
  prompt: string;
}

export interface OperationFormProps {
  source: OperationSource;
  /** Called with the created task: the dialog closes, the card is already in the gallery. */
  onDone: (task: Task) => void;
}
