/**
 * The secure frame (key custody, email and social login) comes in a later issue. For now the
 * shell only says it loaded, so the widget and the tests can tell it is up.
 */
document.documentElement.dataset.ready = 'true'
