export { default, loader } from './index'
