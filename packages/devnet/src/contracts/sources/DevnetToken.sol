// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Devnet stand-in for USDC and DAI: supply minted to `holders` at deploy, more only by `minter` (the treasury).
contract DevnetToken is ERC20 {
    uint8 private immutable _decimals;
    address public immutable minter;

    error NotMinter();
    error LengthMismatch();

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address minter_,
        address[] memory holders,
        uint256[] memory amounts
    ) ERC20(name_, symbol_) {
        if (holders.length != amounts.length) revert LengthMismatch();
        _decimals = decimals_;
        minter = minter_;
        for (uint256 i = 0; i < holders.length; i++) _mint(holders[i], amounts[i]);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter();
        _mint(to, amount);
    }
}
