import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react'
import { commitSession } from '../auth/session.server'
import { requireCustomerScreen } from '../guards/screen.server'
import { emailCalls } from '../api-client/emails.server'
import { failureStatus } from '../api-client/envelope'
import { emailDocument } from '../domain/email-html.server'
import { momentUtcText } from '../domain/date-format'
import { recordIdSchema } from '../domain/record-id'
import { formatFileSize } from '../view/file-download'
import { deliveryStatusText } from '../view/email-delivery'
import { withCustomer } from '../ui/customer-href'
import { errorStatus } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'

const EMAIL_NOT_FOUND = 'That email was not found for this customer.'

/** The heading of the page this route's boundary shows. */
const errorHeading = (error: unknown) => (errorStatus(error) === 404 ? 'Email not found' : 'Email not available')

/** Named by the email's subject. */
export const meta = screenMeta<typeof loader>((loaded) => loaded?.email.subject, errorHeading)

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, session, customerNumber } = await requireCustomerScreen(request, context, 'email')
  const id = recordIdSchema.safeParse(params.id)
  if (!id.success) throw data('There is no such email.', { status: 404 })
  const list = withCustomer('/emails', customerNumber)
  const reply = await emailCalls(api).get(customerNumber, id.data)
  if (reply.status !== 'SUCCESS') {
    const status = failureStatus(reply)
    // Spec 1 section 2.6: an e-mail that is not the selected customer's sends the user back to the list. The API
    // answers another customer's e-mail exactly like a missing one, so other customers' ids cannot be probed.
    if (status === 404) {
      session.set('flash', { type: 'warning', message: EMAIL_NOT_FOUND })
      throw redirect(list, { headers: { 'Set-Cookie': await commitSession(session, context) } })
    }
    throw data(reply.err, { status })
  }
  const email = reply.data
  if (email.customerNumber !== customerNumber) throw redirect(list)
  return {
    email: {
      id: email.id,
      to: email.to,
      date: momentUtcText(email.date),
      subject: email.subject,
      customerNumber: email.customerNumber,
      customerName: email.customerName,
    },
    // Only for an e-mail that is, or was to be, delivered by e-mail.
    delivery: email.delivery
      ? {
          state: email.delivery.state,
          text: deliveryStatusText(email.delivery),
          messageId: email.delivery.messageId,
        }
      : null,
    attachments: (email.attachments ?? []).map((a) => ({
      id: a.id,
      fileName: a.fileName,
      size: formatFileSize(a.size),
      href: withCustomer(`/emails/${email.id}/attachments/${a.id}`, customerNumber),
    })),
    bodyDocument: emailDocument(email.body),
    listHref: list,
  }
}

function Field({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-gray-700">{label}</dt>
      <dd className={`break-words ${className ?? ''}`}>{value}</dd>
    </div>
  )
}

export default function EmailDetailsRoute() {
  const { email, delivery, attachments, bodyDocument, listHref } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Email Details
      </h1>
      <dl className="space-y-2 rounded border border-gray-300 bg-white p-4">
        <Field label="To" value={email.to} />
        <Field label="Date" value={email.date} />
        <Field label="Subject" value={email.subject} />
        <Field label="Customer Number" value={email.customerNumber} />
        <Field label="Customer Name" value={email.customerName} />
        {delivery ? (
          <>
            <Field
              label="Delivery"
              value={delivery.text}
              className={delivery.state === 'failed' ? 'font-medium text-red-800' : undefined}
            />
            <Field label="Message-ID" value={delivery.messageId} />
          </>
        ) : null}
      </dl>
      {attachments.length > 0 ? (
        <section aria-labelledby="attachments-title" className="space-y-2">
          <h2 id="attachments-title" className="text-lg font-semibold">
            Attachments
          </h2>
          <ul className="space-y-1 rounded border border-gray-300 bg-white p-4">
            {attachments.map((a) => (
              <li key={a.id} className="break-words">
                {/* A plain link: the file downloads, with or without JavaScript. */}
                <a href={a.href} download={a.fileName} className="font-medium">
                  <span className="sr-only">Download </span>
                  {a.fileName}
                </a>{' '}
                <span className="text-gray-700">({a.size})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2 className="text-lg font-semibold">Message</h2>
      {/* The body is sanitised on the server and shown in a sandbox without scripts, forms,
          same-origin access or top navigation, so it cannot act as the portal. */}
      <iframe
        title={`Message: ${email.subject}`}
        srcDoc={bodyDocument}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        className="h-[32rem] w-full resize-y rounded border border-gray-300 bg-white"
      />
      <p>
        <Link to={listHref} className="btn-link">
          Back to Emails
        </Link>
      </p>
    </section>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : 'The email could not be loaded.'
  return (
    <section aria-labelledby="page-title" className="space-y-3">
      <h1 id="page-title" className="text-2xl font-semibold">
        {errorHeading(error)}
      </h1>
      <p role="alert" className="rounded border border-gray-300 bg-white p-4">
        {message}
      </p>
      <p>
        <Link to="/emails">Back to Emails</Link>
      </p>
    </section>
  )
}
