import { noticePage } from '../ui/notice'

export default noticePage('noascaccess')
