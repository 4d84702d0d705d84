import type { StudioTask } from '../../src/contract/studio';

/** Fans every change of a task out to the open event streams of the browsers. */
export class TaskEvents {
  private readonly listeners = new Set<(task: StudioTask) => void>();

  subscribe(listener: (task: StudioTask) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(task: StudioTask) {
    for (const listener of this.listeners) {
      try {
        listener(task);
      } catch {
        // One broken stream must not stop the others.
      }
    }
  }

  get size() {
    return this.listeners.size;
  }
}
