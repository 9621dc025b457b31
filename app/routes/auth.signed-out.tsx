import type { MetaFunction } from '@remix-run/node'
import { AuthPage, linkClass } from '../auth/auth-page'
import { pageTitle } from '../view/page-title'

export const meta: MetaFunction = () => [{ title: pageTitle('Signed out') }]

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
