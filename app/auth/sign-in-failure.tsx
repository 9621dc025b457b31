import { useLoaderData } from '@remix-run/react'
import { AuthPage, linkClass } from './auth-page'

/** The page of a sign-in step that failed: the message of its loader and a new attempt. */
export function SignInFailure({ title }: { title: string }) {
  const { message } = useLoaderData<{ message: string }>()
  return (
    <AuthPage title={title}>
      <p role="alert">{message}</p>
      <p>
        <a className={linkClass} href="/auth/login">
          Try again
        </a>
      </p>
    </AuthPage>
  )
}
