import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { completeSignIn, SignInError } from '../auth/sign-in.server'
import { AuthPage, linkClass } from '../auth/auth-page'

export const meta: MetaFunction = () => [{ title: 'Sign-in failed – Licensing Portal' }]

/** Completes sign-in and sends the user on (returnTo or /home). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    return await completeSignIn(request, context)
  } catch (error) {
    if (error instanceof SignInError) {
      return data({ message: error.message }, { status: error.status, headers: error.headers })
    }
    throw error
  }
}

export default function SignInFailed() {
  const { message } = useLoaderData<{ message: string }>()
  return (
    <AuthPage title="Sign-in failed">
      <p role="alert">{message}</p>
      <p>
        <a className={linkClass} href="/auth/login">
          Try again
        </a>
      </p>
    </AuthPage>
  )
}
