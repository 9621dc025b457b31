/**
 * Password hashes stored as `scrypt$<salt base64>$<hash base64>` (N=16384, r=8, p=1, 32-byte key).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

const KEY_LENGTH = 32
const SALT_LENGTH = 16

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: 16384, r: 8, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const hash = await derive(password, salt)
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`
}

/** True when `password` matches `stored`; false for any malformed or empty stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 3 || parts[0] !== 'scrypt') return false
  const salt = Buffer.from(parts[1], 'base64')
  const expected = Buffer.from(parts[2], 'base64')
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return false
  const actual = await derive(password, salt)
  return timingSafeEqual(actual, expected)
}
