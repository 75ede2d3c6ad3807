// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {BasePaymaster} from "@account-abstraction/contracts/core/BasePaymaster.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {_packValidationData} from "@account-abstraction/contracts/core/Helpers.sol";

/// A verifying paymaster for EntryPoint v0.8: it pays for a user operation whose paymasterAndData carries
/// `validUntil (uint48) ‖ validAfter (uint48) ‖ signature (65 bytes)` after the gas limits, the signature
/// being the signer's EIP-191 signature of paymasterHash(). The owner (Ownable2Step) funds it and picks the signer.
contract AirlockPaymaster is BasePaymaster {
    uint256 private constant VALID_UNTIL_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 private constant VALID_AFTER_OFFSET = PAYMASTER_DATA_OFFSET + 6;
    uint256 private constant SIGNATURE_OFFSET = PAYMASTER_DATA_OFFSET + 12;

    address public signer;

    event SignerChanged(address indexed previousSigner, address indexed newSigner);

    error InvalidPaymasterData(uint256 length);
    error ZeroSigner();

    constructor(IEntryPoint entryPoint_, address signer_) BasePaymaster(entryPoint_) {
        _setSigner(signer_);
    }

    function setSigner(address signer_) external onlyOwner {
        _setSigner(signer_);
    }

    /// What the signer signs (EIP-191): every field of the operation but the paymaster's data and the
    /// account's signature, bound to this chain, this paymaster and the validity window.
    function paymasterHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter) public view returns (bytes32) {
        return
            keccak256(
                abi.encode(
                    userOp.sender,
                    userOp.nonce,
                    keccak256(userOp.initCode),
                    keccak256(userOp.callData),
                    userOp.accountGasLimits,
                    uint256(bytes32(userOp.paymasterAndData[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET])),
                    userOp.preVerificationGas,
                    userOp.gasFees,
                    block.chainid,
                    address(this),
                    validUntil,
                    validAfter
                )
            );
    }

    function _validatePaymasterUserOp(
        PackedUserOperation calldata userOp,
        bytes32,
        uint256
    ) internal view override returns (bytes memory context, uint256 validationData) {
        bytes calldata data = userOp.paymasterAndData;
        // A malformed field is the caller's bug, not a bad signature: revert (the EntryPoint reports AA33).
        if (data.length != SIGNATURE_OFFSET + 65) revert InvalidPaymasterData(data.length);
        uint48 validUntil = uint48(bytes6(data[VALID_UNTIL_OFFSET:VALID_AFTER_OFFSET]));
        uint48 validAfter = uint48(bytes6(data[VALID_AFTER_OFFSET:SIGNATURE_OFFSET]));
        bytes32 hash = MessageHashUtils.toEthSignedMessageHash(paymasterHash(userOp, validUntil, validAfter));
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecover(hash, data[SIGNATURE_OFFSET:]);
        // A wrong signer is a validation failure (1 in the low bits), which the EntryPoint refuses with AA34.
        bool failed = error != ECDSA.RecoverError.NoError || recovered != signer;
        return ("", _packValidationData(failed, validUntil, validAfter));
    }

    function _setSigner(address signer_) private {
        if (signer_ == address(0)) revert ZeroSigner();
        emit SignerChanged(signer, signer_);
        signer = signer_;
    }
}
