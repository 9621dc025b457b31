import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { completeSignIn } from '../auth/sign-in.server'
import { runSignInStep } from '../auth/sign-in-step.server'
import { SignInFailure } from '../auth/sign-in-failure'
import { pageTitle } from '../view/page-title'

export const meta: MetaFunction = () => [{ title: pageTitle('Sign-in failed') }]

/** Completes sign-in and sends the user on (returnTo or /home). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return runSignInStep(() => completeSignIn(request, context))
}

export default function SignInFailed() {
  return <SignInFailure title="Sign-in failed" />
}
