// Apart from messages.ts, which every page loads: the API sends these, and the pages show the answer's own message.

/** What the photo request routes and photo uploads answer when they refuse (SPEC.md section 4). */
export const photoRequestMessages = {
  photoRequestNotFound: 'Photo request not found',
  photoRequestOpen: 'A photo request is already open for this package',
  photoRequestNotCancellable: 'Only a pending photo request can be cancelled',
  photoRequestFinal: 'This photo request is closed and can no longer change',
  photoRequestMove: (from: string, to: string) => `A photo request cannot move from ${from} to ${to}`,
  notAnImage: 'Only JPEG, PNG and WebP images can be uploaded',
  imageTooLarge: (megapixels: number) => `Images can be at most ${megapixels} megapixels`,
  noFiles: 'Choose at least one image to upload',
} as const;
