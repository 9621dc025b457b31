/**
 * Server-rendered pages of the embedded identity provider. Plain HTML that
 * works without JavaScript; styles come from /oidc-assets/login.css because
 * the CSP forbids inline styles.
 */

export const STYLESHEET_PATH = '/oidc-assets/login.css'

/** A page's title names the page, then the portal it signs in to. */
const titled = (page: string) => `${page.replace(/\.$/, '')} – Licensing Portal`

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function layout(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${head}
</head>
<body>
<main id="main" class="card">
${body}
</main>
</body>
</html>`
}

export interface LoginView {
  action: string
  csrf: string
  email?: string
  error?: string
}

export function loginPage({ action, csrf, email = '', error }: LoginView): string {
  const errorId = 'login-error'
  const described = error ? ` aria-describedby="${errorId}" aria-invalid="true"` : ''
  return layout(
    error ? `Error: ${titled('Sign in')}` : titled('Sign in'),
    `<h1>Sign in to the Licensing Portal</h1>
${error ? `<p class="error" role="alert" id="${errorId}">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" spellcheck="false" required value="${escapeHtml(email)}"${described}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
</div>
<button type="submit">Sign in</button>
</form>`,
  )
}

/** A page with a heading, a message and optionally a link onward. */
export function messagePage(opts: {
  title: string
  message: string
  link?: { href: string; text: string }
  alert?: boolean
}) {
  const { title, message, link, alert } = opts
  return layout(
    titled(title),
    `<h1>${escapeHtml(title)}</h1>
<p${alert ? ' class="error" role="alert"' : ''}>${escapeHtml(message)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`,
  )
}

/**
 * The end-session step. `form` is oidc-provider's hidden form (with its xsrf
 * token); a visible button submits it without JavaScript, and a nonce'd
 * script submits it at once when JavaScript runs.
 */
export function logoutPage(form: string, nonce: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')
  const script = `document.getElementById('op.logoutForm').submit()`
  return layout(
    titled('Signing out'),
    `<h1>Sign out of the Licensing Portal</h1>
<p>Select Sign Out to finish signing out.</p>
${confirmed}
<button type="submit" form="op.logoutForm">Sign Out</button>
<script nonce="${escapeHtml(nonce)}">${script}</script>`,
  )
}

export function profilePage(user: { name: string; email: string } | undefined, portalUrl: string): string {
  if (!user) {
    return messagePage({
      title: 'Your account',
      message: 'You are not signed in.',
      link: { href: `${portalUrl}/auth/login`, text: 'Sign in to the Licensing Portal' },
    })
  }
  return layout(
    titled('Your account'),
    `<h1>Your account</h1>
<dl>
<dt>Name</dt><dd>${escapeHtml(user.name)}</dd>
<dt>Email</dt><dd>${escapeHtml(user.email)}</dd>
</dl>
<p>Your name and e-mail address are managed by your administrator.</p>
<p><a href="${escapeHtml(portalUrl)}/home">Back to the Licensing Portal</a></p>`,
  )
}

/** The action and hidden fields of a form oidc-provider hands over (its xsrf token), to render our own form with them. */
function providerForm(form: string): { action: string; hidden: string } {
  const action = /\baction="([^"]*)"/.exec(form)?.[1] ?? ''
  const hidden = [...form.matchAll(/<input\s+type="hidden"\s+name="([^"]*)"\s+value="([^"]*)"/g)]
    .map(([, name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('\n')
  return { action, hidden }
}

/**
 * The device sign-in of a script (OAuth device authorisation grant): the page
 * that asks for the code the script showed.
 */
export function deviceCodePage(form: string, error?: string): string {
  const { action, hidden } = providerForm(form)
  // Opened from the address with the code in it, the provider fills the code in.
  const code = /\bvalue="([^"]*)"[^>]*name="user_code"/.exec(form)?.[1]
  const errorId = 'code-error'
  const described = error ? ` aria-describedby="${errorId}" aria-invalid="true"` : ''
  return layout(
    error ? `Error: ${titled('Sign in a script')}` : titled('Sign in a script'),
    `<h1>Sign in a script to the Licensing API</h1>
${error ? `<p class="error" role="alert" id="${errorId}">${escapeHtml(error)}</p>` : '<p>Enter the code your script shows.</p>'}
<form method="post" action="${action}">
${hidden}
<div class="field">
<label for="user_code">Code</label>
<input id="user_code" name="user_code" type="text" autocomplete="off" spellcheck="false" required${code ? ` value="${code}"` : ''}${described}>
</div>
<button type="submit">Continue</button>
</form>`,
  )
}

/** Confirms that the code on screen is the script's before it gets the user's access. */
export function deviceConfirmPage(form: string, userCode: string, clientName: string): string {
  const { action, hidden } = providerForm(form)
  return layout(
    titled('Confirm the script'),
    `<h1>Let this script use the Licensing API as you?</h1>
<p><strong>${escapeHtml(clientName)}</strong> asks to call the Licensing API with your access. Continue only if your script shows this code:</p>
<p class="code">${escapeHtml(userCode)}</p>
<form method="post" action="${action}">
${hidden}
<button type="submit">Continue</button>
<button type="submit" name="abort" value="yes">Cancel</button>
</form>`,
  )
}
