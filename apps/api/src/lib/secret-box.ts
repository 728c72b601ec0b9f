import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** Seals and opens small secrets kept in the database (AES-256-GCM: a leaked row is neither readable nor forgeable). */
export interface SecretBox {
  seal(plain: string): string;
  /** The sealed text's secret; throws when it was sealed under another key or altered. */
  open(sealed: string): string;
}

/**
 * A box whose key is derived (HKDF-SHA256) from the app's secret and a purpose, so one purpose's key says
 * nothing of another's or of the secret itself (decision 049). Sealed text is `v1.iv.ciphertext.tag`, base64url.
 */
export function secretBox(appSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'hopbox-secret-box', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
