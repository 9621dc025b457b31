/**
 * What the 'Ask anything' assistant can answer (issue 37): one intent per kind of question, with
 * the entities it takes. The corpus (app/ask/corpus) labels every example question with one of
 * these; the answers (app/ask/answers) implement each. 'help.howto' answers from the help
 * articles (docs/help); 'unknown' is the assistant saying it is not sure.
 */
export const ASK_INTENTS = {
  'credit.remaining': 'Elastic credit left, when it runs out at the current rate, the threshold state',
  'usage.cost': 'Elastic usage cost in a period, in total or by product, user or project',
  'usage.topUsers': 'The users with the highest elastic usage cost in a period',
  'statement.total': "A month's elastic statement total",
  'entitlements.ending': 'Entitlements (leases, subscriptions) ending within a period',
  'product.seats': "A product's seats: bought, activated and free",
  'product.hosts': 'Where a product is activated: hosts and counts',
  'host.products': "A host's products and its last change, who made it",
  'fsa.balance': 'The flexible spending account balance',
  'fsa.orders': 'Recent FSA orders',
  'web.inUse': 'Web licence seats in use now',
  'web.denials': 'Web licence checkouts denied in a period',
  'web.namedHolder': 'Who holds the named seats of a web licence',
  'access.users': 'Who has portal access to the customer and with which role',
  'ip.allowList': "The elastic licence server's IP allow-list",
  'alerts.active': 'Active service alerts affecting the customer',
  'emails.about': 'E-mails sent about a subject',
  'help.howto': 'How to do a task in the portal, from the help articles',
} as const

export type AskIntent = keyof typeof ASK_INTENTS

export const ASK_INTENT_IDS = Object.keys(ASK_INTENTS) as AskIntent[]
