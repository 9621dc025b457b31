import type { MetaFunction } from '@remix-run/node'
import { AuthPage, linkClass } from '../auth/auth-page'

export const meta: MetaFunction = () => [{ title: 'Signed out – Licensing Portal' }]

export default function SignedOut() {
  return (
    <AuthPage title="You have signed out.">
      <p>
        <a className={linkClass} href="/auth/login">
          Sign in again
        </a>
      </p>
    </AuthPage>
  )
}
