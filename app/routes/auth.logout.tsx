import { redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form } from '@remix-run/react'
import { signOut } from '../auth/sign-out.server'
import { AuthPage, buttonClass } from '../auth/auth-page'
import { pageTitle } from '../view/page-title'

export const meta: MetaFunction = () => [{ title: pageTitle('Sign Out') }]

/** POST: forget the portal session, then end the session at the identity provider. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { location, setCookie } = await signOut(request, context)
  return redirect(location, { headers: { 'Set-Cookie': setCookie } })
}

/** GET shows a button, because signing out changes data and so must be a POST. */
export default function SignOut() {
  return (
    <AuthPage title="Sign Out">
      <p>Sign out of the Licensing Portal on this browser.</p>
      <Form method="post" reloadDocument>
        <button type="submit" className={buttonClass}>
          Sign Out
        </button>
      </Form>
    </AuthPage>
  )
}
