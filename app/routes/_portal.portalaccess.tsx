import { notAvailablePage } from '../ui/not-available'

export default notAvailablePage('Licensing Portal Access')
