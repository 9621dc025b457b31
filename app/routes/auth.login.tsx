import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { startSignIn } from '../auth/sign-in.server'
import { runSignInStep } from '../auth/sign-in-step.server'
import { SignInFailure } from '../auth/sign-in-failure'
import { pageTitle } from '../view/page-title'

export const meta: MetaFunction = () => [{ title: pageTitle('Sign in') }]

/** Starts sign-in: a redirect to the identity provider (changes no data, so GET is fine). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return runSignInStep(() => startSignIn(request, context))
}

export default function SignIn() {
  return <SignInFailure title="Sign-in is not available" />
}
