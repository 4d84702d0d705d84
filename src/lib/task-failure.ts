interface TaskErrorLike {
  code: number;
  message: string;
  raw_message: string;
}

/**
 * Why a task failed, in plain words. The service's codes are not documented (spec 2.5), so we read the
 * well-known HTTP-like ones and otherwise pass on its own message.
 */
export function describeTaskFailure(error: TaskErrorLike | undefined): string {
  // "Generation failed: why" would read "The job failed: Generation failed: why"; keep only the why.
  const said = (error?.message || error?.raw_message || '').trim().replace(/^generation failed:?\s*/i, '');
  const detail = said ? ` (${said.replace(/\.$/, '')})` : '';
  switch (error?.code) {
    case 402:
      return 'The account ran out of points before this job could run.';
    case 403:
      return `The content filter refused this prompt${detail}. Reword it and try again.`;
    case 422:
      return `The service could not use the source image${detail}.`;
    case 408:
    case 504:
      return 'The job took too long and was stopped. Retrying usually works.';
    default:
      return said
        ? `The job failed: ${said.replace(/\.$/, '')}. Retry runs it again with the same inputs.`
        : 'The job failed without saying why. Retry runs it again with the same inputs.';
  }
}
