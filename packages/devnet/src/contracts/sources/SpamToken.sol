// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// An unsolicited airdrop: at deploy it sends itself to every victim, so their history shows an incoming
/// Transfer from the token contract that a wallet should flag as spam.
contract SpamToken is ERC20 {
    constructor(address[] memory victims, uint256 amount) ERC20("Free Airdrop Reward", "SPAM") {
        _mint(address(this), victims.length * amount);
        for (uint256 i = 0; i < victims.length; i++) _transfer(address(this), victims[i], amount);
    }
}
