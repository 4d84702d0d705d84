/**
 * Completed tasks carry same-origin `/files/...` URLs; the service needs absolute http(s) URLs for
 * `imgUrl`, `--end` and the `[url] prompt` method.
 */
export function absoluteUrl(url: string, origin: string = location.origin): string {
  return new URL(url, origin).href;
}

/** A file name for a download: the job and image, with the source's extension. */
export function downloadName(jobId: string, index: number, url: string): string {
  const ext = /\.(png|jpe?g|webp|mp4|webm)(?:\?|$)/i.exec(url)?.[1]?.toLowerCase() ?? 'png';
  return `${jobId.slice(0, 8)}-${index + 1}.${ext}`;
}
