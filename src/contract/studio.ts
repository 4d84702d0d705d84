import { z } from 'zod';
import { taskSchema, taskStatusSchema } from './task';
import { TASK_TYPES, type TaskType } from './operations';

// What the proxy adds for the studio under /api/studio (design.md). Shared by proxy and studio.

export const taskTypeSchema = z.enum(TASK_TYPES as [TaskType, ...TaskType[]]);

/** One task as the store keeps it: the latest task object plus how it was made. */
export const studioTaskSchema = z.object({
  jobId: z.string(),
  taskType: taskTypeSchema,
  status: taskStatusSchema,
  /** The prompt as typed (text, prompt or remixPrompt), '' when the operation has none. */
  prompt: z.string(),
  /** The request body that created the task, without `callback`: retry sends it again. */
  request: z.record(z.string(), z.unknown()),
  parentJobId: z.string().nullable(),
  parentImageNo: z.number().int().nullable(),
  favourite: z.boolean(),
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The latest task object. Once the results are mirrored, its output URLs point at our own
   * `/files/...` copies (same origin); `upstreamOutput` keeps what the upstream returned.
   */
  task: taskSchema,
  upstreamOutput: z.record(z.string(), z.unknown()).nullable(),
  /** Jobs made from this one (variation, remix, pan, ...), newest first. */
  childJobIds: z.array(z.string()),
});
export type StudioTask = z.infer<typeof studioTaskSchema>;

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/studio/tasks query. `type` and `status` take comma lists. */
export const taskListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  type: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(taskTypeSchema).optional()),
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(taskStatusSchema).optional()),
  favourite: booleanParam.optional(),
  /** Include hidden tasks (default false). */
  hidden: booleanParam.optional(),
  /** Text searched in the prompt. */
  q: z.string().max(500).optional(),
  /** Only the jobs made from this job. */
  parent: z.string().max(64).optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskListSchema = z.object({
  items: z.array(studioTaskSchema),
  nextCursor: z.string().nullable(),
});
export type TaskList = z.infer<typeof taskListSchema>;

/** PATCH /api/studio/tasks/:jobId */
export const taskPatchSchema = z.strictObject({
  favourite: z.boolean().optional(),
  hidden: z.boolean().optional(),
});
export type TaskPatch = z.infer<typeof taskPatchSchema>;

/** POST /api/studio/uploads (multipart, field `file`) answers this. `url` is absolute. */
export const uploadResultSchema = z.object({
  url: z.string(),
  path: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Server-sent events on GET /api/studio/events: event `task`, data = StudioTask JSON. */
export const STUDIO_EVENT_TASK = 'task';
