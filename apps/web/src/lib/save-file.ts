/** Saves what an object URL holds under `fileName`, through a temporary <a download>. */
export function saveObjectUrl(objectUrl: string, fileName: string) {
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a fetched file under `fileName`; the object URL is let go once the browser has taken its copy. */
export function saveBlob(blob: Blob, fileName: string) {
  const objectUrl = URL.createObjectURL(blob);
  saveObjectUrl(objectUrl, fileName);
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
