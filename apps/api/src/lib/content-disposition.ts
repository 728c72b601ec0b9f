/** RFC 6266 header with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
