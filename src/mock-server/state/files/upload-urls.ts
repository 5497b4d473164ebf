import { conflict, forbidden, notFound } from '../errors.js';
import type { AreaContext } from '../context.js';
import type { FileTables } from './tables.js';
import type { UploadRecord } from './records.js';
import { loadJwt, type SigningKey } from './signing-key.js';

const ISSUER = 'parley-mock/uploads';

/** Longer signatures are refused unread. */
const SIGNATURE_MAX = 2048;

/**
 * The write capability of an upload URL: a signature (an HS256 JWT, signed with jose) naming the
 * key, its creator and the URL's expiry, carried in the URL's `signature` parameter, as in a
 * pre-signed S3 or GCS URL. Only the URL `createUploadUrl` returned to its creator can PUT: the
 * bare `/uploads/<key>` that `publicUrl`, `avatarUrl` and `iconUrl` give everyone reads and never
 * writes, and a signature for one key or user writes no other.
 *
 * A signature rather than the creator's bearer token on the PUT: clients PUT to `uploadUrl` as they
 * would to a storage bucket, with no token (the conformance suite's provisioning does too), and a
 * signed URL keeps that working while naming who may write.
 */
export class UploadUrls {
  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly key: SigningKey,
  ) {}

  /** The signature of `upload`'s URL, good until the upload stops accepting a PUT. */
  async sign(upload: UploadRecord): Promise<string> {
    const { SignJWT } = await loadJwt();
    const now = Math.floor(this.ctx.clock.now() / 1000);
    return new SignJWT({ key: upload.key })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(upload.ownerId)
      .setIssuedAt(now)
      .setExpirationTime(Math.floor(upload.expiresAt / 1000))
      .sign(await this.key.cryptoKey());
  }

  /**
   * The upload a PUT to `/uploads/<key>?signature=<signature>` may write, checked before its body
   * is read. Throws FORBIDDEN for a missing, malformed, tampered or expired signature, or one made
   * for another key or user; NOT_FOUND when the upload is gone; CONFLICT once the key is used (an
   * avatar, an icon, an attachment, a stored file), since its bytes never change from then on.
   */
  async writable(key: string, signature: string | null): Promise<UploadRecord> {
    if (signature === null || signature === '') {
      throw forbidden('this URL only reads: PUT the bytes to the uploadUrl that createUploadUrl returned to you (it carries a signature)');
    }
    const claims = await this.verify(signature);
    if (claims.key !== key) throw forbidden('this upload URL is not valid (its signature is for another upload)');
    const upload = this.ctx.tables.uploads.get(key);
    if (!upload) throw notFound('no upload URL has this key');
    if (claims.userId !== upload.ownerId) throw forbidden('this upload URL is not valid (its signature names another user)');
    if (upload.attachedTo !== null) throw usedUpload();
    return upload;
  }

  private async verify(signature: string): Promise<{ key: unknown; userId: string }> {
    const invalid = forbidden('this upload URL is not valid (malformed or tampered with): ask createUploadUrl for a new one');
    if (signature.length > SIGNATURE_MAX) throw invalid;
    const { jwtVerify } = await loadJwt();
    try {
      const { payload } = await jwtVerify(signature, await this.key.cryptoKey(), { algorithms: ['HS256'], issuer: ISSUER, currentDate: new Date(this.ctx.clock.now()), requiredClaims: ['exp', 'sub'] });
      return { key: payload['key'], userId: payload.sub! };
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ERR_JWT_EXPIRED') throw forbidden('this upload URL has expired: ask createUploadUrl for a new one');
      throw invalid;
    }
  }
}

/** The refusal of a PUT to a key already used: its bytes never change. */
export function usedUpload(): Error {
  return conflict('this upload is already used (an avatar, a workspace icon, an attachment or a stored file) and its bytes never change: upload the new file under a new key');
}
