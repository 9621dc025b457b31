import { data } from '@remix-run/node'
import { SignInError } from './sign-in.server'

/**
 * Runs one step of the sign-in (its start or the identity provider's callback) for a
 * route's loader. The step's redirect is passed on; a SignInError becomes the data of the
 * route's failure page, with the error's status and cookies.
 */
export async function runSignInStep(step: () => Promise<Response>) {
  try {
    return await step()
  } catch (error) {
    if (error instanceof SignInError) {
      return data({ message: error.message }, { status: error.status, headers: error.headers })
    }
    throw error
  }
}
