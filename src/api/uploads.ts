import { uploadResultSchema, type UploadResult } from '../contract/studio';
import { requestJson } from './client';

/** Uploads a JPG, PNG or WebP (at most 10 MB); the answer's absolute `url` serves as imgUrl or mask.url. */
export function uploadFile(file: Blob, fileName = 'upload', signal?: AbortSignal): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, fileName);
  return requestJson('/api/studio/uploads', { body: form, signal, schema: uploadResultSchema });
}
