import { notAvailablePage } from '../ui/not-available'

export default notAvailablePage('Usage Transactions')
