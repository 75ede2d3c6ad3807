/**
 * The Bitcoin devnet's constants and funded test keys, without loading bitcoinjs-lib (a page or a
 * test that only needs an address imports this file alone).
 *
 * Keys come from anvil's mnemonic (DEVNET_MNEMONIC), so one phrase opens every family's devnet
 * accounts: P2WPKH keys on BIP-84 `m/84'/1'/0'/0/i`, taproot keys on BIP-86 `m/86'/1'/0'/0/i`
 * (coin type 1: testnet and regtest). `privateKey` is the 32-byte secp256k1 key, `publicKey` the
 * compressed point, both hex; a taproot address commits to the BIP-86 tweak of `publicKey`'s x.
 * accounts.test.ts derives them again.
 */

/** The regtest genesis block's hash (the CAIP-2 reference is its first 32 hex characters). */
export const BITCOIN_REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'
/** CAIP-2 id of the Bitcoin devnet (regtest). */
export const BITCOIN_REGTEST_CAIP_NETWORK_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export type BitcoinDevnetAccountType = 'p2wpkh' | 'p2tr'

export interface BitcoinDevnetAccount {
  type: BitcoinDevnetAccountType
  path: string
  /** bcrt1q… (P2WPKH) or bcrt1p… (P2TR key path, BIP-86). */
  address: string
  privateKey: string
  publicKey: string
}

/** The funding UTXOs each P2WPKH account holds at start, in sats (1, 0.5 and 0.1 BTC). */
export const BITCOIN_DEVNET_P2WPKH_FUNDING: readonly bigint[] = Object.freeze([100_000_000n, 50_000_000n, 10_000_000n])
/** The funding UTXOs each taproot account holds at start, in sats (1 and 0.5 BTC). */
export const BITCOIN_DEVNET_P2TR_FUNDING: readonly bigint[] = Object.freeze([100_000_000n, 50_000_000n])

const account = (type: BitcoinDevnetAccountType, path: string, address: string, privateKey: string, publicKey: string) =>
  Object.freeze({ type, path, address, privateKey, publicKey })

/** Ten P2WPKH accounts, BIP-84 `m/84'/1'/0'/0/i`. */
export const bitcoinDevnetAccounts: readonly BitcoinDevnetAccount[] = Object.freeze([
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/0",
    'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
    'b5c8b4acf7b66682afbc5eef20c3b12998ba3c14a97047c9187454377f1a7856',
    '03f3d474c86c9be5b82e251cc3cc438d3cc361527b4b9799516c4bd513caf9e5f6',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/1",
    'bcrt1qlqj2pdsteppkcr8jkp9ms0wpvey89tna8v72sj',
    '2ea9ba050147af0a7e5bc697b588ee630552766810398242f3c4b9ce25c3cfd7',
    '034f1ed3cf19a0d6fbb1db423f5f61608a61d6c321a16dbc8400d76a45f80d7ff3',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/2",
    'bcrt1qwqwxn0pae964jk3zu8zxr3lu2jyj0p7mk8hkdv',
    '1d100560fb83ffd36c8658032a7dd8f3971987fb35fbe6559c2835fe491b0074',
    '028a76a4ddbfd85e75b9a3f478873824da290dbdd9507947d9e3bae7706c2380a7',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/3",
    'bcrt1q0rvyhr5465rrdfmavlj67u7ru5vr434c08qx4e',
    '7b79a0ca0387b59e58b1aad16a8129da0d1d1a46ad335aa742e4fda77359fd82',
    '0326a9e72bb8a3db326f2dca26beec97cd8c6db794fda150bf08ad2ad11816295b',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/4",
    'bcrt1qvlwxpcmszwutam7ykvwc272r748a9zzszj8a4s',
    'cc7f68aaa0d1e0ce193944e57015f5d25916a7623b8b3684e2d81a43a9430284',
    '02861168378d487f42c159f49e060a1dada9f96f616e5f7fb0beb519d04baf1b3a',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/5",
    'bcrt1qar6hlpggnekgcmmwzadv9cxst3pkp7u08wrlxa',
    'f59ce309d11b87d9415bb8ec6ae1f3b69dde6b09c246aa2889e1040838292030',
    '02ca080b37ad2a9f4e3ce88b770a67f2db7e4e7f23bfe5fb52792911883d844fea',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/6",
    'bcrt1qzellfqrpactah9matfnsp83phkr8wl68kzw4q0',
    'd965ea21fcf38807b780ec060fa2a652d419e6fd8cb8da5f31753b6bd64ccc49',
    '03d991c5af7d9bd4eff9882027ca23f6e034449ccb7196719c03b6091f9d2cc60b',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/7",
    'bcrt1q769sksczmj4w0zwzxm9mxv5934nepg5vjyjsxh',
    '8ab5f32a5222d50bd8fbd07a7387510c8cc6e6c9478ace6afa12d0fdad6aa6ce',
    '02eb26b3c309d1937726ce6174f9b3a660d4c8738366da4b85b1eaeefef946a4a6',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/8",
    'bcrt1qcvtlsjudzj0lpk47fhlu0zncaepl672xfx2th2',
    'b436ab0e175f442923260e188dcb5abc6d088cb1e8b1179cca0c1d012d90ce5d',
    '0374b3fbeef2ede78c92b972ead98a2b4873ef1b510ddec043b764d5192ffaaebd',
  ),
  account(
    'p2wpkh',
    "m/84'/1'/0'/0/9",
    'bcrt1qkf7j3rkd7qd4j0kf23g6x0mmczaykvtwywskqn',
    'b137488cc17c485f6c3ed1dd79bec373bf30027517482e6080cc060a0657e856',
    '03157933be315a16d13a473001a625333ff6d50ab2cafa3c96df8e7367aaa315a7',
  ),
])

/** Ten taproot (key path) accounts, BIP-86 `m/86'/1'/0'/0/i`. */
export const bitcoinDevnetTaprootAccounts: readonly BitcoinDevnetAccount[] = Object.freeze([
  account(
    'p2tr',
    "m/86'/1'/0'/0/0",
    'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv',
    '893af8e39dab62e987360f7e2f2556100075b04ee4e6b22a0e1e11e1569de6d1',
    '028c7fc6552af4384a13791e63bac79ff2bcfeedf143a88d6dc4b6080a8829cdc1',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/1",
    'bcrt1p6g8r5e8jvnvukaqgdauwag8lfkzvz3dng4057kv7avnpxpkghdkszxhwd4',
    'd02ee2d2828e3844e8b9751da9202d87210fde6e4c350668c19855541d4bc94c',
    '0394cea1919bdcdefc478f8533a7bf8954867dc227da79754642cb2e41f7e300d8',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/2",
    'bcrt1pw4n0e9av3evnyt7j7x3wgrjrttqr4482x7kwpp78g7wnue59mvnse7srs6',
    'fef0082696611913b3c8507643fc5b169706dadd90269894a1645023791bfdc5',
    '0267428cfe9f4cc0ee625ef2174f203b589500818913c3d6eec0562b49af02cf0d',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/3",
    'bcrt1plafgmyp8xpy9fvljgmeaea57zsad2aqujxcqmag6u9r3zpmyg6aqek54f7',
    '55dcd2aa30f9b2b1d3aac220b5f35a3952796843731632c59298bbb43348d891',
    '036f95ab9213ce26b72d4c864e1ae02e1b84af12f08837ab7be5478e370a5487ff',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/4",
    'bcrt1p0lxykduwlrn4th0xxpkvthqp65gdtra9u37v6hph0qzdj30p0mmsdf33qf',
    '679005479f67869bdd0a92dea60e88095fdb59cdc235bf7a5b0768a344ea4dc2',
    '03f2401b5b34a3b6db294307287d0b763c2c0f1d62a212d3ad34e7b8e2f1a491e0',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/5",
    'bcrt1p7cu9z0lw59tenp4u7hmffeljguphvst0qzpvtk34npldjtmtl54se4j8ep',
    'bba17da70498ba5771261de411f44e47a8db8f69535de4e9cba9e4c2c3c7c490',
    '0232be8bfcc6dab796bf3f8ba8d60f8cd5e2658836663235e1deaefa247a3a8aba',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/6",
    'bcrt1pea8j006593kfcx2tpzz2f3s7s0vjpdmm6hn9uhz20hx2knpuqe2s02jyg4',
    'fbd6d642101526155790883c456d7ca2ad004017f949ec1e15c4708ad1c16f80',
    '03820d40edf14bacf17a9b2f2072bcbd6740abaf167168bd7ba87c099fe8e7402a',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/7",
    'bcrt1pnlg2e8tejp02sta5uehzmywmugnz05dc4pyafqpm7hsf7jp4kcvqtqlg5y',
    '548444583702de9bfe975e7ae568b8b7348a9ae0a0b2f4460df3c2d61000ee21',
    '02c9d07d3c4085979cf2abd577fc1e556867311e0b9061902fefa6eeedee698747',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/8",
    'bcrt1pzngm2d8pzvel0fa3mhspvwqq6sng87h24kur8lr9ddwevf96az9sn2l385',
    '1bc09bf154e738540776aaf55d232389215c0d0b438ae9becd2c8d3b092823c4',
    '0389c9e83f9b915fa9d4a45de38ff5439b090838c169a18c6d2a20b968971106e0',
  ),
  account(
    'p2tr',
    "m/86'/1'/0'/0/9",
    'bcrt1p79jyvehx53w09csltcyg6p23s9uc07f80f57w7yj7lzytp6c2zjsht5acr',
    '1a7169a1a8bde4bee892ee6a3424a77532281893a6c9268164a3413f8bbd8d3c',
    '029de0ebb6a42aff7ca02e91627a17697c917055a3ae71263f1b074a6785d5a6fd',
  ),
])
