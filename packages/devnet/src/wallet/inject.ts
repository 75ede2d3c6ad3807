// Browser entry, built to dist/devnet-wallet.js (classic script, e.g. page.addInitScript({ path })).
import { installDevnetWallet, type WalletWindow } from './install'

installDevnetWallet(window as unknown as WalletWindow, document.currentScript)
