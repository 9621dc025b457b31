import { notAvailablePage } from '../ui/not-available'

export default notAvailablePage('Alert Details')
