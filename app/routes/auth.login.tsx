import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { startSignIn, SignInError } from '../auth/sign-in.server'
import { AuthPage, linkClass } from '../auth/auth-page'

export const meta: MetaFunction = () => [{ title: 'Sign in – Licensing Portal' }]

/** Starts sign-in: a redirect to the identity provider (changes no data, so GET is fine). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    return await startSignIn(request, context)
  } catch (error) {
    if (error instanceof SignInError) {
      return data({ message: error.message }, { status: error.status, headers: error.headers })
    }
    throw error
  }
}

export default function SignIn() {
  const { message } = useLoaderData<{ message: string }>()
  return (
    <AuthPage title="Sign-in is not available">
      <p role="alert">{message}</p>
      <p>
        <a className={linkClass} href="/auth/login">
          Try again
        </a>
      </p>
    </AuthPage>
  )
}
