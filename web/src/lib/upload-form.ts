/**
 * A presigned POST upload's multipart form (uploadFieldsSchema in @luxe/contracts): the server's
 * fields as given (policy, signature, key), the file's own Content-Type (the policy takes only
 * `image/...`), then the file, last: the storage reads the fields first and refuses a file over
 * the policy's size while it arrives.
 */
export function uploadForm(fields: Readonly<Record<string, string>>, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('Content-Type', file.type || 'application/octet-stream');
  form.append('file', file);
  return form;
}

/** POSTs the file to presigned storage (the browser sets the multipart content type itself). */
export function postUpload(
  url: string,
  fields: Readonly<Record<string, string>>,
  file: File,
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  return fetchImpl(url, { method: 'POST', body: uploadForm(fields, file) });
}
