import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StudioTask } from '../contract/studio';
import { isTerminal } from '../lib/task-status';
import { loadContract } from './contract';
import { balanceKeys, taskKeys } from './keys';
import { patchListed } from './studio-tasks';

// The one place server-sent events enter the cache. Mounted once by the app shell. Each `task` event
// patches that job where it is cached; lists are invalidated (at most every half second) so new jobs and
// filter changes show up. When the stream drops, EventSource reconnects and polling covers the gap.

const LIST_REFRESH_MS = 500;
/** TASK_EVENT of contract/studio.ts, spelled out: that module would bring zod into the first load. */
const TASK_EVENT = 'task' as const;

export function useTaskEvents(url = '/api/studio/events') {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    let refreshTimer: ReturnType<typeof setTimeout> | null = null;
    const refreshLists = () => {
      refreshTimer ??= setTimeout(() => {
        refreshTimer = null;
        void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
      }, LIST_REFRESH_MS);
    };
    const onTask = async (event: MessageEvent<string>) => {
      const { studioTaskSchema } = await loadContract();
      let parsed;
      try {
        parsed = studioTaskSchema.safeParse(JSON.parse(event.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const task: StudioTask = parsed.data;
      queryClient.setQueryData(taskKeys.detail(task.jobId), task.task);
      patchListed(queryClient, task);
      refreshLists();
      if (isTerminal(task.status)) void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    };
    source.addEventListener(TASK_EVENT, onTask);
    return () => {
      source.removeEventListener(TASK_EVENT, onTask);
      source.close();
      if (refreshTimer) clearTimeout(refreshTimer);
    };
  }, [queryClient, url]);
}
