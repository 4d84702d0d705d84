// The zod schemas the api layer validates answers with, in one module that is loaded on first use:
// zod stays out of the first-load bundle, which only needs to paint the studio.
export { errorBodySchema } from '../contract/errors';
export { OPERATIONS } from '../contract/operations';
export { taskSchema, balanceSchema } from '../contract/task';
export { studioTaskSchema, taskListSchema, uploadResultSchema } from '../contract/studio';
