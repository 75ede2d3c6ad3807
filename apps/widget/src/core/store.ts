import { createStore } from 'jotai'

export type Store = ReturnType<typeof createStore>
export { createStore }
